"""The errors the web API answers with: a status code and one clear message."""

from __future__ import annotations


class ApiError(Exception):
    """A 4xx answer. Raised before anything is changed, so a failed request changes nothing."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after

    def to_json(self) -> dict[str, object]:
        return {"error": self.message, "status": self.status}


def bad_request(message: str) -> ApiError:
    return ApiError(400, message)


def unauthorized(message: str = "a seat or spectator token is required") -> ApiError:
    return ApiError(401, message)


def forbidden(message: str) -> ApiError:
    return ApiError(403, message)


def not_found(message: str) -> ApiError:
    return ApiError(404, message)


def conflict(message: str) -> ApiError:
    return ApiError(409, message)


def unprocessable(message: str) -> ApiError:
    return ApiError(422, message)


def too_many(retry_after: float) -> ApiError:
    wait = max(retry_after, 0.1)
    return ApiError(429, f"too many requests: wait {wait:.1f} s and try again", retry_after)


def unavailable(message: str) -> ApiError:
    """503: the server is shutting down (another process, or this one restarted, will take
    the request); nothing was changed."""
    return ApiError(503, message, retry_after=1.0)
