package org.pgingest.server;

import com.sun.security.auth.module.UnixSystem;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * A directory under the machine's shared temporary directory whose contents the suite runs: zonky's unpacked
 * binaries, and the suite's root of data directories and initdb templates (a data directory's configuration names
 * commands and libraries the server runs). Another local user who made it first, or may write into it, could have
 * put their own programs or configuration there; so it must be a directory, not a link, owned by this process's user
 * (or root), and writable by no other user: not by others, nor by a group other than the user's own (a umask of 002
 * makes directories writable by the user's private group), unless sticky, as /tmp is. Checked where a POSIX file
 * system says who owns what; elsewhere (Windows) there is nothing to read.
 */
final class TrustedDirectory {
    private static final int GROUP_WRITE = 0020;
    private static final int OTHERS_WRITE = 0002;
    private static final int STICKY = 01000;

    private TrustedDirectory() {
    }

    /**
     * Throws {@link TargetException} when {@code dir} exists and is not to be trusted, naming it, who owns it or who
     * may write it, and {@code elsewhere}: the option that puts it in a directory of the user's own.
     */
    static void require(Path dir, String what, String elsewhere) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)
                || !FileSystems.getDefault().supportedFileAttributeViews().contains("unix")) {
            return;
        }
        String refusal = what + " " + dir;
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new TargetException(refusal + " is not a directory (a link, or a file), so the suite does not run "
                    + "what it holds; remove it, or " + elsewhere);
        }
        try {
            int owner = (int) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int group = (int) Files.getAttribute(dir, "unix:gid", LinkOption.NOFOLLOW_LINKS);
            int mode = (int) Files.getAttribute(dir, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            UnixSystem self = new UnixSystem();
            if (owner != self.getUid() && owner != 0) {
                throw new TargetException(refusal + " belongs to another user (uid " + owner + ", not " + self.getUid()
                        + "), so the suite does not run what it holds; remove it, or " + elsewhere);
            }
            boolean othersWrite = (mode & OTHERS_WRITE) != 0 || (mode & GROUP_WRITE) != 0 && group != self.getGid();
            if (othersWrite && (mode & STICKY) == 0) {
                throw new TargetException(refusal + " may be written by other users (mode "
                        + Integer.toOctalString(mode & 07777) + "), so the suite does not run what it holds; chmod "
                        + "go-w it, or " + elsewhere);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read who owns " + dir, e);
        }
    }
}
