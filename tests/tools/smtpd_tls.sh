#!/usr/bin/env bash
# Builds Debian 12's OpenSMTPD (6.8.0p2) from its Debian source package
# with the fix that lets it serve TLS under OpenSSL 3, into DIR (default
# /tmp/dipspy-smtpd), without installing it. The mail stack of the tests
# runs it instead of the system's smtpd when told:
#
#   bash tests/tools/smtpd_tls.sh /tmp/dipspy-smtpd
#   DIPSPY_SMTPD=/tmp/dipspy-smtpd/src/mk/smtpd/smtpd \
#       cargo test --test smtp_pass -- --ignored --nocapture
#   DIPSPY_SMTPD=... DIPSPY_KILL_SMTP=smtpd cargo test --test smtp_pass killed -- --ignored --nocapture
#
# The flaw (see tests/mailstack/mod.rs): smtpd's listening process tags
# the certificate's public key with the name of the private key its `ca`
# process holds, but under OpenSSL 3 `EVP_PKEY_get1_RSA` returns a copy,
# so the tag never reaches the key TLS signs with and every handshake
# fails ("missing private key", "EVP lib"). The fix puts the tagged key
# back into the EVP_PKEY (`EVP_PKEY_set1_RSA`), as OpenSMTPD 7 does.
#
# Needs root (apt-get) and Debian's source archive; the source list used
# here is private to DIR, the system's apt sources stay as they are.
set -euo pipefail
dir=${1:-/tmp/dipspy-smtpd}
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
dir=$(cd "$dir" && pwd)
echo "deb-src http://deb.debian.org/debian bookworm main" > "$dir/src.list"
apt_opts=(-o "Dir::Etc::SourceList=$dir/src.list" -o "Dir::Etc::SourceParts=/dev/null"
          -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache")
apt-get "${apt_opts[@]}" update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    bison libdb-dev libevent-dev libpam0g-dev libssl-dev zlib1g-dev dpkg-dev
cd "$dir"
apt-get "${apt_opts[@]}" source --download-only opensmtpd=6.8.0p2-4
rm -rf src
dpkg-source -x opensmtpd_6.8.0p2-4.dsc src
cd src
python3 - <<'EOF'
p = "usr.sbin/smtpd/ssl.c"
s = open(p).read()
old = "\t\tif (rsa)\n\t\t\tRSA_set_ex_data(rsa, 0, exdata);\n"
new = ("\t\tif (rsa) {\n\t\t\tRSA_set_ex_data(rsa, 0, exdata);\n"
       "\t\t\tEVP_PKEY_set1_RSA(pkey, rsa);\n\t\t}\n")
assert old in s, "ssl_load_pkey is not as expected"
open(p, "w").write(s.replace(old, new))
EOF
# The Debian patches touch Makefile.am; keep the shipped configure.
touch aclocal.m4 && sleep 1 && touch configure config.h.in
find . -name Makefile.in -exec touch {} +
./configure --prefix=/usr --sysconfdir=/etc --libexecdir=/usr/libexec \
    --localstatedir=/var ZCAT=/bin/zcat --with-auth-pam \
    --with-group-queue=opensmtpq --with-user-queue=opensmtpq \
    --with-user-smtpd=opensmtpd --with-mantype=doc \
    --with-path-CAfile=/etc/ssl/certs/ca-certificates.crt \
    --with-path-empty=/var/lib/opensmtpd/empty --with-path-mbox=/var/mail \
    --with-table-db >/dev/null
make -j2 >/dev/null
echo "built: $dir/src/mk/smtpd/smtpd"
