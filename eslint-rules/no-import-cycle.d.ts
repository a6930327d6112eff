import type { ESLint, Rule } from 'eslint';

export const noImportCycle: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
