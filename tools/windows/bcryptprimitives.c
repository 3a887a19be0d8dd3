/*
 * A stand-in bcryptprimitives.dll for wine versions without ProcessPrng
 * (Debian 12's wine 8.0). Go's runtime (1.22+) takes its random bytes from
 * ProcessPrng and loads bcryptprimitives.dll from system32 only, so the
 * smoke test (make windows-smoke) builds this with mingw-w64 and copies it
 * into its throwaway wine prefix. Never shipped: real Windows 10 and later
 * have the DLL.
 *
 * ProcessPrng fills the buffer and always returns TRUE; here the bytes come
 * from advapi32's RtlGenRandom (exported as SystemFunction036), which takes
 * a 32-bit length, so large requests go in pieces.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
	while (size > 0) {
		ULONG n = size > 0x40000000 ? 0x40000000 : (ULONG)size;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		size -= n;
	}
	return TRUE;
}
