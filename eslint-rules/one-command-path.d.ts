import type { ESLint, Rule } from 'eslint';

export const oneCommandPath: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
