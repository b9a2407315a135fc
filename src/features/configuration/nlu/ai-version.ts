/** §5/§9: `distance: -1` (no limit) needs AI version 4.12 or higher ("4.12", "v4.9_prod"…). */
export function versionAtLeast(version: string, major: number, minor: number): boolean {
  const match = /(\d+)\.(\d+)/.exec(version);
  if (match === null) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return a > major || (a === major && b >= minor);
}

/** The servers (of those linked to the context) whose version refuses an unlimited distance. */
export function serversRefusingNoLimit(servers: readonly { name: string; aiVersion: string; contexts: string[] }[], context: string): { name: string; aiVersion: string }[] {
  return servers.filter((server) => server.contexts.includes(context) && !versionAtLeast(server.aiVersion, 4, 12));
}
