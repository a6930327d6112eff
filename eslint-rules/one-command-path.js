import path from 'node:path';

/*
 * One way to change a stream: a stream type's decider is called, and its streams appended to, in
 * one command module; everything else sends that module a command. Refuses, outside the files
 * named in the options, a call of `handleCommand`, of a `.decide(...)` or of `.appendToStream(...)`;
 * and in a command module, a decider another module owns (`commandModules` maps each module to the
 * deciders it owns). `paths` names the files that implement the path itself for every module.
 */

const DECIDER = /Decider$/;

export const oneCommandPath = {
  meta: {
    type: 'problem',
    docs: { description: "Keep each stream type's decider calls and appends in its one command module" },
    messages: {
      outside:
        "{{what}} outside a command module: send the stream type's command module a command (see docs/add-a-stream-type.md).",
      notOwner: '{{decider}} belongs to {{owner}}: each stream type has one command module.',
      unowned: "{{decider}} has no command module: name it in the rule's commandModules.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          commandModules: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          paths: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { commandModules = {}, paths = [] } = context.options[0] ?? {};
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const owners = new Map(
      Object.entries(commandModules).flatMap(([module, deciders]) => deciders.map((decider) => [decider, module])),
    );
    const isPath = paths.includes(file);
    const isModule = Object.hasOwn(commandModules, file);

    const checkDecider = (node) => {
      if (node?.type !== 'Identifier' || !DECIDER.test(node.name) || isPath) return;
      const owner = owners.get(node.name);
      if (!owner) context.report({ node, messageId: 'unowned', data: { decider: node.name } });
      else if (owner !== file) context.report({ node, messageId: 'notOwner', data: { decider: node.name, owner } });
    };
    const outside = (node, what) => {
      if (!isPath && !isModule) context.report({ node, messageId: 'outside', data: { what } });
    };
    const checkCall = (node) => {
      const callee = node.callee;
      if (callee.type === 'Identifier' && callee.name === 'handleCommand') outside(node, 'handleCommand');
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
        if (callee.property.name === 'decide') {
          outside(node, '.decide()');
          if (isModule) checkDecider(callee.object);
        }
        if (callee.property.name === 'appendToStream') outside(node, '.appendToStream()');
      }
      // A decider handed to the command path (handleCommand, super(...), streamCommand, new StreamCommands).
      const handsOver =
        callee.type === 'Super' ||
        (callee.type === 'Identifier' && ['handleCommand', 'streamCommand', 'StreamCommands'].includes(callee.name));
      if (handsOver) {
        for (const argument of node.arguments) {
          if (argument.type === 'Identifier' && DECIDER.test(argument.name)) {
            if (!isModule && !isPath) outside(argument, argument.name);
            else checkDecider(argument);
          }
        }
      }
    };
    return { CallExpression: checkCall, NewExpression: checkCall };
  },
};

export default { rules: { 'one-command-path': oneCommandPath } };
