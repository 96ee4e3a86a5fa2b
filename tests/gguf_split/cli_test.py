#!/usr/bin/env python3
"""`placement gguf` on real split files made at test time (make_split_gguf, gguf-split's rules):
all shards read together give the whole file's profile (but for the header and file sizes, which
gguf-parser sums over the shards), one shard alone and incomplete or duplicated sets are refused
with exit 2 and a message naming the files.
usage: cli_test.py PLACEMENT MAKE_SPLIT_GGUF"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

placement, make = sys.argv[1], sys.argv[2]
failures = []


def run(*args):
    p = subprocess.run([placement, 'gguf', *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def check(what, ok, detail=''):
    print(('ok   ' if ok else 'FAIL ') + what + ('' if ok else ': ' + detail))
    if not ok:
        failures.append(what)


def model_facts(text):
    p = json.loads(text)
    for k in ('header_bytes', 'file_bytes', 'shards'):
        p.pop(k, None)
    return p


with tempfile.TemporaryDirectory() as d:
    subprocess.run([make, d], check=True)
    shard = [os.path.join(d, 'tiny-%05d-of-00003.gguf' % n) for n in (1, 2, 3)]
    rc, whole, err = run(os.path.join(d, 'tiny.gguf'), '--profile')
    check('whole file profile', rc == 0, err)
    rc, split, err = run(*shard, '--profile')
    check('three shards given: exit 0', rc == 0, err)
    if rc == 0:
        check('three shards: the whole file\'s profile', model_facts(split) == model_facts(whole))
        check('three shards: shards 3', json.loads(split)['shards'] == 3)
    rc, reversed_, err = run(*reversed(shard), '--profile')
    check('shards in any order', rc == 0 and reversed_ == split, err)
    rc, found, err = run(shard[1], '--profile')
    check('one shard named like gguf-split: siblings found', rc == 0 and found == split, err)

    alone = os.path.join(d, 'alone')
    os.mkdir(alone)
    for k in range(3):
        only = os.path.join(alone, os.path.basename(shard[k]))
        shutil.copy(shard[k], only)
        rc, _, err = run(only, '--profile')
        check('shard %d alone refused' % (k + 1), rc == 2 and 'shard %d of 3: load all 3 files together' % (k + 1) in err, err)
        os.remove(only)
    rc, _, err = run(shard[0], shard[2], '--profile')
    check('shard 2 missing', rc == 2 and 'shard 2 of 3 is missing (tiny-00002-of-00003.gguf)' in err, err)
    rc, _, err = run(shard[0], shard[1], shard[1], shard[2])
    check('a shard twice', rc == 2 and 'two files are shard 2 of 3' in err, err)
    rc, _, err = run(os.path.join(d, 'tiny.gguf'), shard[0], shard[1], shard[2])
    check('a whole model among shards', rc == 2 and 'tiny.gguf is a whole model' in err, err)
    rc, out, err = run(*shard, '--estimate', '--ctx-size', '512', '--json')
    check('estimate of the shards', rc == 0 and 'estimate' in json.loads(out or '{}'), err)

print('%d failure(s)' % len(failures))
sys.exit(1 if failures else 0)
