import { createContext, useContext } from 'react';
import type { Language } from '../config';

/** Moves the visitor to the same page in another language; without the shop's router (screen tests), only the texts change. */
export const LanguageSwitchContext = createContext<((language: Language) => void) | null>(null);

export function useLanguageSwitch(): ((language: Language) => void) | null {
  return useContext(LanguageSwitchContext);
}
