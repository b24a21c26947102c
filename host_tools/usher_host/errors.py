class HostError(Exception):
    """A failure to report to the owner: one clear message, exit status 1."""

    def __init__(self, message, status=1):
        super().__init__(message)
        self.message = message
        self.status = status

    def __str__(self):
        return self.message
