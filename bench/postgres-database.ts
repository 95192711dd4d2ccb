import pg from 'pg';

/** A database made for one bench run: its URL, and how to drop it at the end. */
export interface BenchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A new, empty database named `<prefix>_<time>` on the PostgreSQL server of `adminUrl`. */
export async function createBenchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
