// SPDX-License-Identifier: GPL-3.0-or-later
#include "asic.h"

#include "enumnames.h"

namespace lfp {

const char* toString(PoolDirection d) { return enumName(d); }
const char* toString(PoolMode m) { return enumName(m); }

} // namespace lfp
