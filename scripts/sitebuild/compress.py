"""Zips and gzip streams as small as the build can make them, the same bytes
for the same files (libdeflate's strongest level when the ``deflate`` package
is there, zlib's level 9 otherwise)."""

from __future__ import annotations

import gzip
import struct
import sys
import zlib

from .common import TOOLS, ZIP_DATE


def zip_best(files: list[tuple[str, bytes]]) -> bytes:
    """A zip of ``files`` whose entries are deflated as small as the build
    can (libdeflate's strongest level, ``deflate_best``; zlib's level 9
    without it): 49 kB less than zlib for the standard library. Stored when
    deflating does not help. Dates fixed (ZIP_DATE): the same files give the
    same bytes."""
    y, mo, d, h, mi, se = ZIP_DATE
    dos_date, dos_time = ((y - 1980) << 9) | (mo << 5) | d, (h << 11) | (mi << 5) | (se // 2)
    out, central = bytearray(), bytearray()
    for name, data in files:
        raw_name = name.encode("utf-8")
        packed = deflate_best(data)
        method = 8
        if len(packed) >= len(data):
            packed, method = data, 0
        crc = zlib.crc32(data)
        at = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0x800, method, dos_time, dos_date, crc, len(packed),
                           len(data), len(raw_name), 0) + raw_name + packed
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0x800, method, dos_time, dos_date, crc,
                               len(packed), len(data), len(raw_name), 0, 0, 0, 0, 0, at) + raw_name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(files), len(files), len(central), len(out), 0)
    return bytes(out + central + end)


def _libdeflate():
    """The ``deflate`` package (libdeflate, requirements-build.txt), None without it."""
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    try:
        import deflate
    except ImportError:
        return None
    return deflate


def deflate_best(data: bytes) -> bytes:
    """``data`` as a raw deflate stream, libdeflate's level 12 or zlib's 9."""
    lib = _libdeflate()
    if lib is not None:
        return bytes(lib.deflate_compress(data, 12))
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    return z.compress(data) + z.flush()


def gzip_best(data: bytes) -> bytes:
    """``data`` gzip-compressed as small as the build can: libdeflate's
    strongest level (the ``deflate`` package, requirements-build.txt), zlib's
    level 9 without it. No name, no date: the same bytes give the same file."""
    lib = _libdeflate()
    if lib is None:
        return gzip.compress(data, compresslevel=9, mtime=0)
    out = bytes(lib.gzip_compress(data, 12))
    return out[:4] + b"\0\0\0\0" + out[8:]  # no date (libdeflate writes none; the names hang on these bytes)
