import type { MessageKey } from '../platform/words';
import type { CopyFormat } from '../storage/copy-format-setting';

/** Each copy format's name, as the popup's "Copy as" buttons and the settings' choice show it. */
export const COPY_FORMAT_WORDS: { [Format in CopyFormat]: MessageKey } = {
  plain: 'copyFormatPlain',
  markdown: 'copyFormatMarkdown',
  html: 'copyFormatHtml',
  rich: 'copyFormatRich',
};
