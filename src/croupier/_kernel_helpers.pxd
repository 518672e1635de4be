# The helpers every compiled kernel cimports (see _kernel_helpers.py beside this file, the
# same helpers for a kernel run as Python, and what each one means). Each is inline: the C
# compiler puts its body into the kernel's loops. C's unsigned arithmetic wraps at 64 bits,
# where the Python twins mask.

cdef inline unsigned long long mix64(unsigned long long z) noexcept nogil:
    z = (z ^ (z >> 30)) * <unsigned long long>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <unsigned long long>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline unsigned long long stream(
    unsigned long long key, unsigned long long counter
) noexcept nogil:
    return mix64(key + counter * <unsigned long long>0x9E3779B97F4A7C15ULL)


cdef inline int popcount64(unsigned long long bits) noexcept nogil:
    cdef int count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


cdef inline unsigned int suit_ranks(unsigned long long cards, unsigned int suit) noexcept nogil:
    cdef unsigned long long x = (cards >> suit) & <unsigned long long>0x1111111111111ULL
    x = (x | (x >> 3)) & <unsigned long long>0x0303030303030303ULL
    x = (x | (x >> 6)) & <unsigned long long>0x000F000F000F000FULL
    x = (x | (x >> 12)) & <unsigned long long>0x000000FF000000FFULL
    return <unsigned int>((x | (x >> 24)) & 0x1FFF)


cdef inline object plain(object array):
    return array


cdef inline object cells(object array):
    return array


cdef inline object store(object written):
    return None
