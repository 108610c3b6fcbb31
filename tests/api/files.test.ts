// The file suite on local disk storage (the embedded default).
import './files-suite';
