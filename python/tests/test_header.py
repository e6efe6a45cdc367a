"""The binding's copies of header constants agree with include/streamchatai.h."""

import re
from pathlib import Path

import streamchatai
from streamchatai import _native

HEADER = (Path(__file__).resolve().parents[2] / "include" / "streamchatai.h").read_text()


def macro(name):
    return re.search(rf"^#define {name} (.+)$", HEADER, re.M).group(1).strip().strip('"')


def test_the_abi_version_and_limits_match_the_header():
    assert _native.ABI_VERSION == int(macro("SCA_ABI_VERSION"))
    assert streamchatai.LIMIT_INPUT_BYTES == int(macro("SCA_LIMIT_INPUT_BYTES"))
    assert streamchatai.LIMIT_JSON_DEPTH == int(macro("SCA_LIMIT_JSON_DEPTH"))


def test_the_loaded_library_is_the_header_s_version():
    assert _native.lib.sca_version().decode() == macro("SCA_VERSION_STRING")
    assert _native.lib.sca_version_number() == int(macro("SCA_VERSION_NUMBER"))
