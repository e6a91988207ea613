import { createServer } from "node:net";

/** A TCP port that is free right now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
