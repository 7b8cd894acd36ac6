import { useEffect, useState } from 'preact/hooks';
import type { Words } from '../platform/words';
import type { OptionsConnector } from './options-connector';
import type { HistoryLeft } from './options-view';
import { errorText } from '../platform/error-text';

/** History turned off (or being turned off) with links still in it: how many, and the offer to delete them. */
export function useHistoryLeft(connector: OptionsConnector, historyOn: boolean, { t }: Words): { historyLeft: HistoryLeft; clearHistory(): Promise<void> } {
  const [historyLeft, setHistoryLeft] = useState<HistoryLeft>({ state: 'none' });

  useEffect(() => {
    if (historyOn) {
      setHistoryLeft((current) => (current.state === 'kept' ? { state: 'none' } : current));
      return undefined;
    }
    let current = true;
    connector.historyCount().then(
      (count) => current && setHistoryLeft((left) => (left.state === 'cleared' && count === 0 ? left : count > 0 ? { state: 'kept', count } : { state: 'none' })),
      (error: unknown) => current && setHistoryLeft({ state: 'failed', message: t('optionsHistoryFailed', errorText(error)) }),
    );
    return () => {
      current = false;
    };
  }, [connector, historyOn]);

  const clearHistory = async () => {
    try {
      setHistoryLeft({ state: 'cleared', count: await connector.clearHistory() });
    } catch (error) {
      setHistoryLeft({ state: 'failed', message: t('optionsHistoryFailed', errorText(error)) });
    }
  };
  return { historyLeft, clearHistory };
}
