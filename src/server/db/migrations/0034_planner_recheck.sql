-- When the planned day may be looked at again for newcomers: a look that read a million
-- recipients took seconds, and every process took it every tick (planner.ts `hasMissing`).
ALTER TABLE "program_plans" ADD COLUMN "recheck_after" timestamp with time zone;
