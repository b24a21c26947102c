"""Where things live on the board (the device layer's choices, usher.device)
and which owner data kinds exist."""
DATA_DIR = "/data"              # usher.device.runtime.DATA_DIR
LOG_FOLDER = "log"              # usher.device.runtime.LOG_FOLDER, under DATA_DIR
LOG_FILES = ("log1.jsonl", "log0.jsonl", "log.tail")   # usher.device.log.FILES (oldest lines first)


def log_folder(data_dir=DATA_DIR):
    return data_dir.rstrip("/") + "/" + LOG_FOLDER


def data_kind_names():
    from usher_host import datakinds
    return sorted(datakinds.KINDS)
