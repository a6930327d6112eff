import { z } from 'zod';
import { LANGUAGES } from './vocabulary.js';

/** `?lang=`: the language an answer's texts are written in. */
export const languageQuery = z
  .enum(LANGUAGES)
  .optional()
  .describe('Language of the texts; Accept-Language otherwise, French by default');
