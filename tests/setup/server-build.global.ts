import { ensureServerBuilt } from '../../scripts/build-server';

/** The layers that start server processes run the built server, as `npm start` does. */
export default async function setup() {
  await ensureServerBuilt();
}
