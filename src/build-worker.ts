// The worker-thread entry (src/common/worker/worker-jobs.ts): the jobs the main thread hands to a
// worker, by name. Imports plain modules only (no Nest, no TypeORM), so a worker starts in milliseconds.
// Another index built at boot adds its jobs here.
import { textIndexBuildJobs } from './common/search/text-index-build.js';
import { serveWorkerJobs } from './common/worker/worker-jobs.js';
import { MEMBER_INDEX_SOURCE } from './directory/services/member-index-source.js';
import { MESSAGE_INDEX_SOURCE } from './memory/services/message-index-source.js';

serveWorkerJobs({
  ...textIndexBuildJobs([MEMBER_INDEX_SOURCE, MESSAGE_INDEX_SOURCE]),
});
