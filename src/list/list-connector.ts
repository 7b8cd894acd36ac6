import type { ListToPage } from '../messages/list-port';
import type { Words } from '../platform/words';

/**
 * Everything the list page needs from the browser; its views never call `browser.*` themselves.
 * Its functions are called unbound: the page hands them to its views as they are, the same for its life.
 */
export interface ListConnector {
  /** The page's words, in the browser's UI language. */
  words: Words;
  /**
   * Follows the list run: the listener hears where it stands now and after
   * every change, and the answers to `plan` and `start`; the connection comes
   * back after the worker stops. `onLost` when the worker cannot be reached at
   * all. Once per page.
   */
  connect(listener: (message: ListToPage) => void, onLost: () => void): void;
  /** What the addresses come to, nothing sent: answered under `ask`. */
  plan(ask: number, addresses: string[]): void;
  /** Starts the run of the addresses planned, each with its row in the list as given. */
  start(addresses: string[], places: number[]): void;
  pause(): void;
  resume(): void;
  cancel(): void;
  /** Forgets the ended run: the page is ready for the next list. */
  dismiss(): void;
  /** Puts the text on the clipboard; false, never a rejection, when the browser refused. */
  copy(text: string): Promise<boolean>;
  /** Downloads the data as a file of that name. */
  saveFile(fileName: string, data: Blob): void;
  openSettings(): void;
}
