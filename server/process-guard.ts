/**
 * The exchange is one process serving every client: an exception that escapes a handler must not
 * end it. Handlers catch their own errors and answer Bybit-shaped ones; this is the last line,
 * which logs what escaped (with where it came from) and keeps serving.
 */
export function guardProcess(log: (...args: unknown[]) => void = console.error): () => void {
  const onException = (err: unknown, origin: string) => log(`local exchange: uncaught ${origin}, still serving:`, err);
  const onRejection = (reason: unknown) => log('local exchange: unhandled promise rejection, still serving:', reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
