// SPDX-License-Identifier: GPL-3.0-or-later
#include "asic.h"

namespace lfp {

const char* toString(PoolDirection d) { return d == PoolDirection::Ingress ? "ingress" : "egress"; }
const char* toString(PoolMode m) { return m == PoolMode::Dynamic ? "dynamic" : "static"; }

} // namespace lfp
