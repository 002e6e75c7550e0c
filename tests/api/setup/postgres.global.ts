import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../../src/server/db/client';
import { adminQuery, databaseUrl } from '../helpers/postgres';
import './pglite.global';

/**
 * Creates one migrated template database on the PostgreSQL of TEST_DATABASE_URL. Each test file
 * gets its own database cloned from it (CREATE DATABASE ... TEMPLATE), dropped when the file ends.
 */
export default async function setup(project: TestProject) {
  const template = `tidings_template_${process.pid}`;
  await adminQuery(`drop database if exists ${template} with (force)`);
  await adminQuery(`create database ${template}`);
  const database = await openPostgres(databaseUrl(template));
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', template);
  return () => adminQuery(`drop database if exists ${template} with (force)`);
}
