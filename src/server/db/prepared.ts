import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './connection.ts';

/** Stands for the n-th argument while a prepared query is built: it ends up among the compiled parameters. */
class Slot {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

export interface PreparedQuery<Args extends unknown[], Row> {
  all(db: Db, ...args: Args): Promise<Row[]>;
  first(db: Db, ...args: Args): Promise<Row | undefined>;
}

/**
 * A query that Kysely builds and compiles once per dialect instead of on every call (building and
 * compiling the statements of a signed-in page cost about as much as running them). `build` must hand
 * each argument to the query as a value and do nothing else with it: it is called once, with stand-ins,
 * and the SQL it makes is kept, so anything that changes the SQL's shape (an optional filter, an `in`
 * list) needs a prepared query of its own. The SQL text is the same for every call, which also lets the
 * SQLite connection reuse its prepared statement.
 */
export function prepared<Args extends unknown[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>): PreparedQuery<Args, Row> {
  // By adapter: one per dialect, shared by the database handle and its transactions.
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  const run = async (db: Db, args: Args): Promise<Row[]> => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(db, ...(args.map((_, index) => new Slot(index)) as Args)).compile();
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
  return {
    all: (db, ...args) => run(db, args),
    first: async (db, ...args) => (await run(db, args))[0],
  };
}

const MAX_SHAPES = 128;

/**
 * One statement whose SQL changes with a bounded shape (an `in` list's length, a column picked by the argument's
 * form): a prepared query per shape, made at its first use. Past MAX_SHAPES kept (an `in` list longer than any page
 * lists), a new shape is built for its call alone, as an unprepared query is.
 */
export function preparedByShape<Shape, Args extends unknown[], Row>(
  build: (shape: Shape) => (db: Db, ...args: Args) => Compilable<Row>,
): (shape: Shape) => PreparedQuery<Args, Row> {
  const byShape = new Map<Shape, PreparedQuery<Args, Row>>();
  return (shape) => {
    let query = byShape.get(shape);
    if (!query) {
      query = prepared(build(shape));
      if (byShape.size < MAX_SHAPES) byShape.set(shape, query);
    }
    return query;
  };
}
