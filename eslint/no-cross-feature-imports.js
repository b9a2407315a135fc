/**
 * Features do not reach into each other (ARCHITECTURE.md): a file under src/features/<a>/ may not
 * import a file under src/features/<b>/. Pages that combine features are composed in src/app/.
 */
import path from 'node:path';

const FEATURE = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid one feature importing another feature’s files' },
    messages: {
      crossFeature:
        'Feature "{{from}}" imports from feature "{{to}}". Share through contract/, api/, ui/ or storage/, or compose both in app/.',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const own = FEATURE.exec(filename)?.[1];
    if (!own) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source) + path.sep;
      const other = FEATURE.exec(target)?.[1];
      if (other && other !== own) context.report({ node, messageId: 'crossFeature', data: { from: own, to: other } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
