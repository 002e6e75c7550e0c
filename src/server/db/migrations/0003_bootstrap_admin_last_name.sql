-- The first admin was created without a last name, which the contact form requires, so they could
-- not save their own record. Give the one Tidings created (named by its bootstrap marker) the last
-- name new installations give it; a last name someone has set since is kept.
UPDATE "users" SET "last_name" = 'Tidings', "updated_at" = now()
WHERE "last_name" = ''
  AND "email" = (SELECT "value"->>'email' FROM "app_meta" WHERE "key" = 'bootstrap_admin');
