import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";

let t = Date.now();
const pg = await PGlite.create();
console.log("init", Date.now() - t);
t = Date.now();
const db = new Kysely({ dialect: new PGliteDialect(pg) });
await sql`create table t (id serial primary key, x text)`.execute(db);
await db.insertInto("t").values({ x: "a" }).execute();
console.log(await db.selectFrom("t").selectAll().execute());
const dump = await pg.dumpDataDir("none");
console.log("dump", Date.now() - t, dump.size);
t = Date.now();
const pg2 = await PGlite.create({ loadDataDir: dump });
console.log("load", Date.now() - t, (await pg2.query("select * from t")).rows);
const r = await pg2.query("select version()");
console.log(r.rows);
