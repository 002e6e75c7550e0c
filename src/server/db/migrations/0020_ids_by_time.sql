-- A UUID version 7 (RFC 9562): the Unix time in milliseconds in the first 48 bits, then the
-- version and variant bits over gen_random_uuid()'s random ones (src/server/db/ids.ts makes the
-- same in the server). Bits 52 and 53 turn version 4 (0100) into 7 (0111).
CREATE FUNCTION "uuid_v7"() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
    FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "link_clicks" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "outbound_message_events" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "outbound_messages" ALTER COLUMN "id" SET DEFAULT uuid_v7();
