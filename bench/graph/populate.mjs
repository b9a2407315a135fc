/**
 * Gives a fresh environment of the demo NLU project a generated configuration of about `size` graph
 * nodes (src/features/configuration/graph/synthetic.ts), through the real API: the NLU by one import
 * in the original platform's export format, the modules by one settings save.
 */
import { syntheticSnapshot } from '../../src/features/configuration/graph/synthetic.ts';

async function call(baseUrl, token, method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 500)}`);
  return response.status === 204 ? null : response.json();
}

export async function signIn(baseUrl, username) {
  const response = await fetch(`${baseUrl}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Postroom-demo-1' }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  return (await response.json()).token;
}

/** The NLU part of the snapshot as the original platform's console export (src/contract/nlu-transfer.ts). */
function originalExport(snapshot) {
  return {
    nlu: {
      metadata: { exportVersion: 2 },
      archetypes: snapshot.archetypes.map((archetype, index) => ({
        name: archetype.name,
        langs: ['fr'],
        dict: [{ lang: 'fr', dictionary: [`mot${index};variante${index}`, ...archetype.references.map((reference) => `voir [[${reference}]]`)].join('\n') }],
      })),
      contexts: snapshot.contexts.map((context) => ({
        name: context.name,
        langs: ['fr'],
        interactions: snapshot.interactions
          .filter((interaction) => interaction.context === context.name)
          .map((interaction) => ({
            id_interaction: interaction.name,
            parameters: Object.fromEntries(interaction.parameters.map((parameter, position) => [parameter.name, { id_parameter: parameter.name, archetype: parameter.archetype, position }])),
          })),
      })),
      // AI version 5: the categorization module's compatibility rule (§5) lets the settings save through.
      servers: snapshot.servers.map((server) => ({ name: server.name, contexts: server.contexts, version: '5', responseFormat: 'V5' })),
    },
  };
}

/** Creates the environment and answers its id and the number of nodes the graph will draw. */
export async function populate(baseUrl, token, size) {
  const snapshot = syntheticSnapshot(size);
  const env = await call(baseUrl, token, 'POST', '/v4/console/api/project/demo-nlu/environments', { name: `Bench graphe ${size} ${Date.now()}`, visibility: 'public', source: { kind: 'scratch' } });
  const report = await call(baseUrl, token, 'POST', `/v4/console/api/environment/${env.id}/nlu/import`, originalExport(snapshot));
  if (report.errors.length > 0) throw new Error(`import: ${JSON.stringify(report.errors.slice(0, 3))}`);
  const details = await call(baseUrl, token, 'GET', `/v4/console/api/environment/${env.id}/settings`);
  await call(baseUrl, token, 'PUT', `/v4/console/api/environment/${env.id}/settings`, {
    name: details.name,
    visibility: details.visibility,
    priority: details.priority,
    settings: { ...details.settings, modules: snapshot.modules },
  });
  return env.id;
}
