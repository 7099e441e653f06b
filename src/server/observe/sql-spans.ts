import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * Every SQL statement as a child span of whatever span is active (a request's), on SQLite and PostgreSQL:
 * a Kysely dialect whose driver hands out connections that time each statement. Loaded only with tracing on
 * (./tracing.ts installs it for src/server/db/connection.ts); off, the database is opened without it.
 * The statement text carries placeholders, never the values.
 */
export type DbSystem = 'sqlite' | 'postgresql';

const tracer = () => trace.getTracer('terrace-sql');

function inSpan<T>(system: DbSystem, sql: string, run: () => Promise<T>): Promise<T> {
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
  const span = tracer().startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': sql },
  }, context.active());
  return context.with(trace.setSpan(context.active(), span), run).then((result) => {
    span.end();
    return result;
  }, (error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    throw error;
  });
}

function tracedDriver(inner: Driver, system: DbSystem): Driver {
  const raw = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => raw.get(connection) ?? connection;
  const driver: Driver = {
    init: () => inner.init(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      const wrapped: DatabaseConnection = {
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => inSpan(system, query.sql, () => connection.executeQuery<R>(query)),
        streamQuery: connection.streamQuery.bind(connection),
      };
      raw.set(wrapped, connection);
      return wrapped;
    },
    beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) =>
      inSpan(system, 'BEGIN', () => inner.beginTransaction(unwrap(connection), settings)),
    commitTransaction: (connection: DatabaseConnection) => inSpan(system, 'COMMIT', () => inner.commitTransaction(unwrap(connection))),
    rollbackTransaction: (connection: DatabaseConnection) => inSpan(system, 'ROLLBACK', () => inner.rollbackTransaction(unwrap(connection))),
    releaseConnection: (connection: DatabaseConnection) => inner.releaseConnection(unwrap(connection)),
    destroy: () => inner.destroy(),
  };
  // Savepoints (nested transactions), where the driver has them.
  if (inner.savepoint) driver.savepoint = (connection, name, compile) => inSpan(system, 'SAVEPOINT', () => inner.savepoint!(unwrap(connection), name, compile));
  if (inner.rollbackToSavepoint) {
    driver.rollbackToSavepoint = (connection, name, compile) => inSpan(system, 'ROLLBACK', () => inner.rollbackToSavepoint!(unwrap(connection), name, compile));
  }
  if (inner.releaseSavepoint) {
    driver.releaseSavepoint = (connection, name, compile) => inSpan(system, 'RELEASE', () => inner.releaseSavepoint!(unwrap(connection), name, compile));
  }
  return driver;
}

export function tracedDialect(dialect: Dialect, system: DbSystem): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => tracedDriver(dialect.createDriver(), system),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
