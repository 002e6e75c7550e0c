import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { syncDescriptor } from '../file-sync';

/** What of Emscripten's NODEFS driver this file touches. */
interface NodeFsDriver {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

type Module = Parameters<NodeFS['init']>[1];

/**
 * PGlite's files in a directory of this machine, with an fsync(2) that reaches the disk.
 *
 * PostgreSQL makes a commit durable by calling fsync() on its WAL, and a checkpoint by calling it
 * on the data files. Compiled to WebAssembly, those calls land in Emscripten's file system layer,
 * whose NODEFS driver has no fsync: it answers success and flushes nothing. Removing PGlite's `-F`
 * alone makes `show fsync` say `on` and changes nothing on disk. This gives the driver the fsync it
 * lacks, before PostgreSQL starts. fdatasync() never reaches the driver (Emscripten answers it
 * without looking), which is why the embedded database also runs with `wal_sync_method=fsync`.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Module) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [emscriptenOpts.preRun ?? []].flat();
    const installFsync = (module: Module) => {
      const driver = (module as unknown as { NODEFS: NodeFsDriver }).NODEFS;
      driver.stream_ops.fsync = (stream) => {
        // Every NODEFS stream, a directory's too, holds a descriptor of the real file.
        if (stream.nfd !== undefined) driver.tryFSOperation(() => syncDescriptor(stream.nfd!));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, installFsync] } };
  }
}
