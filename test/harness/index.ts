import { Platform } from './platform.ts';
import { registerApp } from './routes/app.ts';
import { registerNomenclature } from './routes/nomenclature.ts';
import { registerScheme } from './routes/scheme.ts';
import { registerBpm } from './routes/bpm.ts';
import { registerUser } from './routes/user.ts';
import { registerTelephony } from './routes/telephony.ts';
import { registerMarketing } from './routes/marketing.ts';
import { registerDisk } from './routes/disk.ts';
import { registerTasks } from './routes/tasks.ts';
import { registerBpmControl } from './routes/bpmControl.ts';
import { registerFeed } from './routes/feed.ts';
import { registerStorage } from './routes/storage.ts';
import { registerDocflow } from './routes/docflow.ts';
import { registerChannel } from './routes/channel.ts';
import { registerConnector } from './routes/connector.ts';
import { registerModuleMethods } from './routes/module.ts';

export const TEST_API_KEY = '3f0c6d2e-8a41-4b7e-9c55-0d1e2f3a4b5c';

/** A platform double with every area's routes, listening on 127.0.0.1 on a free port. */
export async function startPlatform(apiKey = TEST_API_KEY): Promise<Platform> {
	const platform = new Platform(apiKey);
	registerApp(platform);
	registerNomenclature(platform);
	registerScheme(platform);
	registerBpm(platform);
	registerUser(platform);
	registerTelephony(platform);
	registerMarketing(platform);
	registerDisk(platform);
	registerTasks(platform);
	registerBpmControl(platform);
	registerFeed(platform);
	registerStorage(platform);
	registerDocflow(platform);
	registerChannel(platform);
	registerConnector(platform);
	registerModuleMethods(platform);
	await platform.listen();
	return platform;
}

export { Platform } from './platform.ts';
export type { RecordedRequest, Reply } from './platform.ts';
export type { QuotaCounts, QuotaOptions, QuotaWindow } from './quota.ts';
export { fail, faults, newId, ok, page } from './platform.ts';
