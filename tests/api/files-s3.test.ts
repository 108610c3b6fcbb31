// The file suite against a real S3-compatible server (s3rver) started inside the test (issue 22 item 3).
import '../support/use-s3rver';
import './files-suite';
