import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Words } from '../platform/words';

/** The page's words (language, direction, messages), given by its shell: views never ask the browser. */
export const WordsContext = createContext<Words | undefined>(undefined);

export function useWords(): Words {
  const words = useContext(WordsContext);
  if (words === undefined) throw new Error('A view rendered outside <WordsContext.Provider>: its shell must give it words.');
  return words;
}
