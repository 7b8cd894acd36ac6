import { render, screen } from '@testing-library/preact';
import type { MessageKey, Words } from '../platform/words';
import { fakeOptionsConnector, type FakeOptionsConnector } from './fake-options-connector';
import { OptionsApp } from './options-app';
import type { OptionsSettings } from './options-connector';

/**
 * The settings page on the fake connector, in one language, and how the
 * component tests find its parts: by role and by the words a person reads.
 */
export function fakeOptionsPage(words: Words) {
  const { t } = words;
  return {
    /** Renders the page on a fake connector holding these settings, and waits until it has read them. */
    async renderOptions(settings: OptionsSettings): Promise<FakeOptionsConnector> {
      const connector = fakeOptionsConnector(words, settings);
      render(<OptionsApp connector={connector} />);
      await screen.findByRole('button', { name: t('optionsSaveAccount') });
      return connector;
    },
    button: (key: MessageKey, ...substitutions: string[]) => screen.getByRole('button', { name: t(key, ...substitutions) }),
    noButton: (key: MessageKey, ...substitutions: string[]) => screen.queryByRole('button', { name: t(key, ...substitutions) }),
    serverField: () => screen.getByRole<HTMLInputElement>('textbox', { name: t('optionsServerLabel') }),
    // A password field has no role; a person finds it by its label all the same.
    tokenField: (label: MessageKey = 'optionsReplaceToken') => screen.getByLabelText<HTMLInputElement>(t(label)),
  };
}
