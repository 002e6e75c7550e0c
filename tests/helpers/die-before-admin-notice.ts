/**
 * Loaded into a server process before its own code (`runServerToExit`'s preload): the process
 * SIGKILLs itself the moment it is about to print the first admin's sign-in details. By then the
 * admin is committed; nothing of the notice has been written. A power cut or a `kill -9` at that
 * instant, without relying on timing.
 */
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  if (String(chunk).includes('Tidings created its first admin account')) {
    process.kill(process.pid, 'SIGKILL');
  }
  return write(chunk, ...rest);
}) as typeof process.stdout.write;
