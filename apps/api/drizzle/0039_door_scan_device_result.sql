-- An offline scan's verdict on the device (door_scans.device_result): an entry it refused stays
-- refused and moves nothing, as an online refusal does. door_scan and door_replay (0038) read it: PL/pgSQL binds a
-- column when a function runs, and both migrations run before the first scan.
ALTER TABLE "door_scans" ADD COLUMN "device_result" "scan_result";
