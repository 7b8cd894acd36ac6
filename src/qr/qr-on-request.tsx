import type { ComponentType } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useOnDemand } from '../ui/on-demand';
import { useWords } from '../ui/words-context';
import type { QrPanelProps } from './qr-panel';

export type QrPanelComponent = ComponentType<QrPanelProps>;

/**
 * The QR panel, loaded (by `load`, the shell's dynamic import) only when a
 * user asks for a code: lean-qr and the panel stay out of the first paint.
 * Shown again after a failure, it tries again. Once loaded it is scrolled
 * into full view: opened near the bottom of a page it could sit under a
 * sticky bar (the history page's status bar; a scroll margin there keeps it clear).
 * It sits beside the panel but takes only its type: a value import would
 * bring lean-qr into the first paint of every page that shows this.
 */
export function LazyQrPanel({ shortUrl, onSave, load }: QrPanelProps & { load(): Promise<QrPanelComponent> }) {
  const { t } = useWords();
  const loaded = useOnDemand(load, true, 'the QR code module');
  const shown = useRef<HTMLDivElement>(null);
  const isLoaded = typeof loaded === 'object';
  useEffect(() => {
    if (isLoaded) shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isLoaded]);
  if (loaded === undefined) return <p class="hint" role="status">{t('qrLoading')}</p>;
  if (loaded === 'failed') return <p class="field-error" role="alert">{t('qrLoadFailed')}</p>;
  return (
    <div class="lazy-qr" ref={shown}>
      <loaded.value shortUrl={shortUrl} onSave={onSave} />
    </div>
  );
}
