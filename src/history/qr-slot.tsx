import { useWords } from '../ui/words-context';
import type { QrState } from './view-types';

/** Under a row: the QR panel once its module has loaded, or word of the loading, or of its failure. */
export function QrSlot({ qr, onSave }: { qr: QrState; onSave(fileName: string, data: Blob): void }) {
  const { t } = useWords();
  switch (qr.phase) {
    case 'loading':
      return (
        <p class="hint" role="status">
          {t('qrLoading')}
        </p>
      );
    case 'failed':
      return (
        <p class="field-error" role="alert">
          {t('qrLoadFailed')}
        </p>
      );
    case 'ready':
      return <qr.Panel shortUrl={qr.shortUrl} onSave={onSave} />;
  }
}
