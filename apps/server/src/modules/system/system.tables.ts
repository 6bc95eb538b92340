import type { ColumnType, Generated } from 'kysely';

export interface SystemSettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface SystemWorkerHeartbeatTable {
  worker_id: string;
  hostname: string;
  pid: number;
  started_at: Date;
  seen_at: Date;
}

export interface SystemSecretTable {
  name: string;
  value: Buffer;
  created_at: Generated<Date>;
}

export interface SystemTables {
  system_secret: SystemSecretTable;
  system_setting: SystemSettingTable;
  system_worker_heartbeat: SystemWorkerHeartbeatTable;
}
