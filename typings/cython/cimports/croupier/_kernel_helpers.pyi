# The kernels' shared helpers, as their cimport gives them (uncompiled: the module itself).

from croupier._kernel_helpers import cells as cells
from croupier._kernel_helpers import mix64 as mix64
from croupier._kernel_helpers import plain as plain
from croupier._kernel_helpers import popcount64 as popcount64
from croupier._kernel_helpers import store as store
from croupier._kernel_helpers import stream as stream
from croupier._kernel_helpers import suit_ranks as suit_ranks
