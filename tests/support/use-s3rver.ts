// Imported first by a test file: the suites it imports next run against s3rver.
import { chooseStorage, s3rverStorage } from './storage-under-test';

chooseStorage(s3rverStorage);
