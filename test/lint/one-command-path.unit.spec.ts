import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import commandPaths from '../../eslint-rules/one-command-path.js';

const options = {
  paths: ['app/stream-commands.ts'],
  commandModules: { 'app/orders/order-commands.ts': ['orderDecider'], 'app/codes/code-commands.ts': ['codeDecider'] },
};

async function problems(file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: '/shop',
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: commandPaths },
        rules: { 'local/one-command-path': ['error', options] },
      },
    ],
  });
  const [result] = await eslint.lintText(text, { filePath: `/shop/${file}` });
  return result!.messages.map((message) => message.message);
}

describe('the one-command-path rule', () => {
  it('refuses a decider call, an append or handleCommand outside a command module', async () => {
    const found = await problems(
      'app/orders/checkout.ts',
      [
        'orderDecider.decide(command, state);',
        "await store.appendToStream('order-1', events);",
        "await handleCommand(store, 'order-1', orderDecider, command);",
        'await commands.orders.execute(command, metadata);',
        'folded = events.reduce(orderDecider.evolve, orderDecider.initialState());',
      ].join('\n'),
    );
    expect(found).toEqual([
      expect.stringMatching(/^\.decide\(\) outside a command module/),
      expect.stringMatching(/^\.appendToStream\(\) outside a command module/),
      expect.stringMatching(/^handleCommand outside a command module/),
      expect.stringMatching(/^orderDecider outside a command module/),
    ]);
  });

  it("lets each command module use its own decider and no other module's", async () => {
    expect(
      await problems(
        'app/orders/order-commands.ts',
        'class OrderCommands extends StreamCommands { constructor(deps) { super(deps, orderDecider, id); } }',
      ),
    ).toEqual([]);
    expect(
      await problems('app/orders/order-commands.ts', "await handleCommand(store, 'code-A', codeDecider, redeem);"),
    ).toEqual(['codeDecider belongs to app/codes/code-commands.ts: each stream type has one command module.']);
    expect(await problems('app/orders/order-commands.ts', 'super(deps, giftDecider, id);')).toEqual([
      "giftDecider has no command module: name it in the rule's commandModules.",
    ]);
  });

  it('lets the command path itself decide and append for every module', async () => {
    expect(
      await problems(
        'app/stream-commands.ts',
        'this.decider.decide(command, state); await this.deps.store.appendToStream(streamId, events);',
      ),
    ).toEqual([]);
  });
});
