// The integration tests' environment: Node, plus closing the test file's database handle when the
// file is done. Done here rather than in an afterAll hook, because a test file's own afterAll
// hooks (which clean up through the database) run after the setup file's and would reopen it.
import { TestEnvironment } from "jest-environment-node";

export default class IntegrationEnvironment extends TestEnvironment {
  async teardown() {
    const handle = this.global.__dbHandle;
    this.global.__dbHandle = undefined;
    if (handle) await (await handle).close();
    await super.teardown();
  }
}
