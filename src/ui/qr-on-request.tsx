import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { QrPanelProps } from '../qr/qr-panel';
import { useWords } from './words-context';

export type QrPanelComponent = ComponentType<QrPanelProps>;

/**
 * The QR panel, loaded (by `load`, the shell's dynamic import) only when a
 * user asks for a code: lean-qr and the panel stay out of the first paint.
 * Shown again after a failure, it tries again. Once loaded it is scrolled
 * into full view: opened near the bottom of a page it could sit under a
 * sticky bar (the history page's status bar; a scroll margin there keeps it clear).
 */
export function LazyQrPanel({ shortUrl, onSave, load }: QrPanelProps & { load(): Promise<QrPanelComponent> }) {
  const { t } = useWords();
  const [loaded, setLoaded] = useState<{ Panel: QrPanelComponent } | 'failed' | undefined>(undefined);
  const shown = useRef<HTMLDivElement>(null);
  const isLoaded = typeof loaded === 'object';
  useEffect(() => {
    if (isLoaded) shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isLoaded]);
  useEffect(() => {
    let current = true;
    load().then(
      (Panel) => current && setLoaded({ Panel }),
      (error: unknown) => {
        console.warn('Shrtnr: the QR code module could not be loaded.', error instanceof Error ? error.message : String(error));
        if (current) setLoaded('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [load]);
  if (loaded === undefined) return <p class="hint" role="status">{t('qrLoading')}</p>;
  if (loaded === 'failed') return <p class="field-error" role="alert">{t('qrLoadFailed')}</p>;
  return (
    <div class="lazy-qr" ref={shown}>
      <loaded.Panel shortUrl={shortUrl} onSave={onSave} />
    </div>
  );
}
