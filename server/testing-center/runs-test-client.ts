/**
 * Tests: the test-runs endpoints called as one user of one project. Server and headers are read at
 * each call, so a test file builds the client at load and its server and tokens in beforeAll.
 */
import type { TestRunDetail } from '../../src/contract/testing-runs';
import { testRunnerOf } from '../routes/testing-runs';
import type { TestServer } from '../test-support/test-server';

export function runsClient(server: () => TestServer, projectId: string, headers: () => Record<string, string>) {
  const base = `/v4/console/api/project/${projectId}/testing-center`;
  return {
    base,
    launch: (body: Record<string, unknown>, as = headers()) => server().app.inject({ method: 'POST', url: `${base}/tests`, headers: as, payload: body }),
    /** The run once the app's runner has nothing left to do (every run launched so far ended). */
    async finished(testId: string): Promise<TestRunDetail> {
      await testRunnerOf(server().app)!.idle();
      const response = await server().app.inject({ method: 'GET', url: `${base}/tests/${testId}`, headers: headers() });
      if (response.statusCode !== 200) throw new Error(`test ${testId}: ${response.statusCode} ${response.body}`);
      return response.json<TestRunDetail>();
    },
    latestObtained: (messageId: string, as = headers()) => server().app.inject({ method: 'GET', url: `${base}/messages/${messageId}/latest-obtained`, headers: as }),
  };
}
