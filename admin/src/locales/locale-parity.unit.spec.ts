import { describeLocaleParity, type LocaleTree } from '../../../test/locale-parity';

// Every area file of every language; a file present in one language only is caught too.
describeLocaleParity(
  "the back-office's words",
  import.meta.glob<LocaleTree>('./*/*.json', { eager: true, import: 'default' }),
);
