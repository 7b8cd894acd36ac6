import { useWords } from '../ui/words-context';

/** The page's header, drawn alike while the settings load, so the page does not blink as they come. */
export function OptionsHeader() {
  const { t } = useWords();
  return (
    <header class="options-header">
      <img src="/icons/icon-48.png" alt="" width={32} height={32} />
      <h1>{t('optionsTitle')}</h1>
    </header>
  );
}
