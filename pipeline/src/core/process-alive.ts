/**
 * The process `pid` exists on this machine. Signal 0 only checks; EPERM means it exists but belongs to
 * someone else. Used by the locks that must tell a dead owner from a live one.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
